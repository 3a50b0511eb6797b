import { describe, expect, it } from 'vitest';
import { sameOriginRequest } from './csrf';
import { LOCAL_ADDRESS_HEADER, trustedOrigin } from './origin';

/** A request as the app sees it: its URL (from Host), and the address its connection arrived at. */
const at = (url: string, local = '127.0.0.1:3000', headers: Record<string, string> = {}) =>
  new Request(url, { method: 'POST', headers: { [LOCAL_ADDRESS_HEADER]: local, ...headers } });

describe('trustedOrigin', () => {
  it('with PUBLIC_URL, is its origin whatever the Host says', () => {
    for (const url of ['http://127.0.0.1:3000/x', 'http://evil.example/', 'https://nav.example.com/a']) {
      expect(trustedOrigin(at(url), 'https://nav.example.com/sub'), url).toBe('https://nav.example.com');
    }
  });

  it('without PUBLIC_URL, trusts loopback names and addresses on any port', () => {
    for (const url of [
      'http://localhost:3000/',
      'http://app.localhost:8080/',
      'http://127.0.0.1:5173/',
      'http://127.0.0.2/',
      'http://[::1]:3000/',
    ]) {
      expect(trustedOrigin(at(url), ''), url).toBe(new URL(url).origin);
    }
  });

  it('without PUBLIC_URL, trusts the address and port the connection arrived at, and nothing else', () => {
    expect(trustedOrigin(at('http://10.0.0.2:3000/', '10.0.0.2:3000'), '')).toBe('http://10.0.0.2:3000');
    expect(trustedOrigin(at('http://10.0.0.2/', '10.0.0.2:80'), '')).toBe('http://10.0.0.2');
    expect(trustedOrigin(at('http://[fe80::1]:3000/', '[fe80::1]:3000'), '')).toBe('http://[fe80::1]:3000');
    for (const [url, local] of [
      ['http://10.0.0.2:4000/', '10.0.0.2:3000'],
      ['http://evil.example/', '10.0.0.2:80'],
      ['http://localhost.evil.example/', '127.0.0.1:80'],
      ['http://127.0.0.1.nip.io/', '127.0.0.1:80'],
      ['http://nav.example.com/', '172.17.0.2:3000'],
    ] as const) {
      expect(trustedOrigin(at(url, local), ''), url).toBeNull();
    }
  });
});

describe('sameOriginRequest', () => {
  it('wants the trusted origin exactly: scheme, host and port', () => {
    const post = (url: string, origin: string) => sameOriginRequest(at(url, '127.0.0.1:3000', { origin }));
    expect(post('http://127.0.0.1:3000/x', 'http://127.0.0.1:3000')).toBe(true);
    expect(post('http://127.0.0.1:3000/x', 'https://127.0.0.1:3000')).toBe(false);
    expect(post('http://127.0.0.1:3000/x', 'http://localhost:3000')).toBe(false);
    expect(post('http://evil.example/x', 'http://evil.example')).toBe(false);
    expect(post('http://127.0.0.1:3000/x', 'null')).toBe(false);
  });
});
