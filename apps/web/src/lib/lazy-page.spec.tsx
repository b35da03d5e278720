import { fireEvent, render, screen } from '@testing-library/react';
import { startTransition, Suspense, useState, type ComponentType } from 'react';
import { withSlicedRendering } from '../../test/sliced-rendering';
import { lazyPage } from './lazy-page';

function NameField() {
  const [name, setName] = useState('');
  return <input aria-label="Name" value={name} onChange={(event) => setName(event.target.value)} />;
}

/** Opens the page in a transition; 'Again' draws the parent anew without changing the page's props. */
function Shell({ Page }: { Page: ComponentType }) {
  const [open, setOpen] = useState(false);
  const [draws, setDraws] = useState(0);
  return (
    <>
      <button type="button" onClick={() => startTransition(() => setOpen(true))}>
        Open
      </button>
      <button type="button" onClick={() => setDraws((n) => n + 1)}>
        Again
      </button>
      <output>{draws}</output>
      {open && (
        <Suspense fallback={<p>Loading</p>}>
          <Page />
        </Suspense>
      )}
    </>
  );
}

const nameField = () => screen.getByLabelText<HTMLInputElement>('Name');

describe('lazyPage', () => {
  it('keeps what a page holds when it was first drawn by a render that waited for its chunk', async () => {
    const Page = lazyPage(() => Promise.resolve(NameField));
    render(<Shell Page={Page} />);
    // The transition reaches the page, waits for its chunk, and resumes once the chunk is in.
    await withSlicedRendering(async () => {
      screen.getByRole('button', { name: 'Open' }).click();
      await screen.findByLabelText('Name');
    });

    fireEvent.change(nameField(), { target: { value: 'Ana' } });
    fireEvent.click(screen.getByRole('button', { name: 'Again' }));
    expect(screen.getByRole('status').textContent).toBe('1');
    expect(nameField().value).toBe('Ana');
  });

  it('renders at once, without its fallback, once preloaded', async () => {
    const Page = lazyPage(() => Promise.resolve(NameField));
    await Page.preload();
    render(
      <Suspense fallback={<p>Loading</p>}>
        <Page />
      </Suspense>,
    );
    expect(nameField()).toBeTruthy();
    expect(screen.queryByText('Loading')).toBeNull();
  });

  it('fetches again after a failed fetch', async () => {
    const load = jest.fn<Promise<ComponentType>, []>().mockRejectedValueOnce(new Error('offline')).mockResolvedValue(NameField);
    const Page = lazyPage(load);
    await expect(Page.preload()).rejects.toThrow('offline');
    await expect(Page.preload()).resolves.toBe(NameField);
    expect(load).toHaveBeenCalledTimes(2);
  });
});
