import { isOriginAllowed } from './origin';

describe('isOriginAllowed', () => {
  const allow = ['https://events.example.com'];
  it.each([
    [undefined, 'rooms.example.com', true],
    ['https://rooms.example.com', 'rooms.example.com', true],
    ['http://localhost:5173', 'rooms.example.com', true],
    ['http://127.0.0.1:8080', 'rooms.example.com', true],
    ['https://events.example.com', 'rooms.example.com', true],
    ['https://evil.example.com', 'rooms.example.com', false],
    ['https://events.example.com.evil.io', 'rooms.example.com', false],
    ['null', 'rooms.example.com', false],
  ])('origin %s for host %s -> %s', (origin, host, expected) => {
    expect(isOriginAllowed(origin, host, allow)).toBe(expected);
  });
});
