import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

const integration = join(__dirname, '..', 'integration');

/**
 * Every integration spec lives in a group's folder, an Nx project with an `integration` target: a spec left
 * beside the shared helpers would belong to the `tests` project, which has none, and nothing would run it.
 */
describe('tests/integration', () => {
  it('holds no spec outside a group', () => {
    const loose = readdirSync(integration).filter((name) => name.endsWith('.integration-spec.ts'));
    expect(loose).toEqual([]);
  });

  it('makes each group folder an Nx project', () => {
    const groups = readdirSync(integration, { withFileTypes: true }).filter((entry) => entry.isDirectory());
    expect(groups.length).toBeGreaterThan(0);
    for (const group of groups) {
      expect({ group: group.name, project: existsSync(join(integration, group.name, 'project.json')) }).toEqual({
        group: group.name,
        project: true,
      });
    }
  });
});
