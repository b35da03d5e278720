import { CLIENT_ID_STORAGE_KEY } from './client-id';

/** A fresh copy of the module: the id is cached per page load. */
function load(): typeof import('./client-id') {
  let loaded: typeof import('./client-id') | undefined;
  jest.isolateModules(() => {
    loaded = jest.requireActual<typeof import('./client-id')>('./client-id');
  });
  if (!loaded) throw new Error('client-id did not load');
  return loaded;
}

describe('clientId', () => {
  beforeEach(() => window.localStorage.clear());

  it('makes a random id the server accepts, keeps it, and sends it as X-Client-Id', () => {
    const first = load();
    const id = first.clientId();
    expect(id).toMatch(/^[0-9a-f]{32}$/);
    expect(window.localStorage.getItem(CLIENT_ID_STORAGE_KEY)).toBe(id);
    expect(first.clientIdHeaders()).toEqual({ 'X-Client-Id': id });
    expect(load().clientId()).toBe(id);
  });

  it('replaces a kept value the server would refuse, and differs between browsers', () => {
    window.localStorage.setItem(CLIENT_ID_STORAGE_KEY, 'bad id!');
    const id = load().clientId();
    expect(id).toMatch(/^[0-9a-f]{32}$/);
    window.localStorage.clear();
    expect(load().clientId()).not.toBe(id);
  });
});
