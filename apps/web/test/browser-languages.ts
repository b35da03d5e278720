/** Makes the browser prefer these languages (`navigator.languages`) in each test of the calling file. */
export function preferLanguages(languages: readonly string[]): void {
  beforeEach(() => {
    jest.spyOn(window.navigator, 'languages', 'get').mockReturnValue(languages);
  });
  afterEach(() => {
    jest.restoreAllMocks();
  });
}
