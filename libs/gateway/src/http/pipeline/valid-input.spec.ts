import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { z, ZodError } from 'zod';
import { ZodValidationPipe } from './valid-input';

describe('ZodValidationPipe', () => {
  const schema = z.object({ lang: z.enum(['fr', 'de']), limit: z.coerce.number().int().default(5) });

  it('hands the handler the parsed value, defaults applied', () => {
    expect(new ZodValidationPipe(schema).transform({ lang: 'fr' })).toEqual({ lang: 'fr', limit: 5 });
    expect(new ZodValidationPipe(schema).transform({ lang: 'de', limit: '7' })).toEqual({ lang: 'de', limit: 7 });
  });

  it('refuses invalid input before the handler, naming the field', () => {
    const refuse = () => new ZodValidationPipe(schema).transform({ lang: 'xx' });
    expect(refuse).toThrow(ZodError);
    try {
      refuse();
    } catch (error) {
      expect((error as ZodError).issues[0].path).toEqual(['lang']);
    }
  });

  it('reads a missing optional body as empty, and a missing required one as invalid', () => {
    const body = z.object({ sinceSeq: z.number().optional() });
    expect(new ZodValidationPipe(body, {}).transform(undefined)).toEqual({});
    expect(() => new ZodValidationPipe(body).transform(undefined)).toThrow(ZodError);
  });
});

describe('HTTP controllers', () => {
  it('take their input through the validation pipe rather than parsing it in the handler', () => {
    const dir = join(__dirname, '..');
    const files = readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.http-controller.ts'));
    // Sign-up, the token grants and room creation, whose schema depends on the grant or the caller, have
    // decorators of their own (auth-input.ts, room-creation.ts): no handler parses.
    const allowed: Record<string, number> = {};
    const offenders = files
      .map((file) => {
        const parses = readFileSync(join(dir, file), 'utf8').match(/Schema\.parse\(/g)?.length ?? 0;
        return { file, parses, allowed: allowed[file.split('/').pop() as string] ?? 0 };
      })
      .filter((f) => f.parses > f.allowed);
    expect(offenders).toEqual([]);
  });
});
