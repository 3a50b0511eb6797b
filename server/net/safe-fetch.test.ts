import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { logger } from '../logger';
import { saveSettings } from '../settings/settings.service';
import { classifyAddress, compileAllowList, isAllowListEntry, type OutboundPolicy } from './ip-policy';
import { OutboundError, safeFetch } from './safe-fetch';
import { siteHandler, startStandIn, type StandIn } from '../../tests/servers/http-server';

const closed: OutboundPolicy = { allowPrivate: false, allowList: [] };
const open: OutboundPolicy = { allowPrivate: true, allowList: [] };

async function refusal(p: Promise<unknown>): Promise<OutboundError> {
  const err = await p.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(OutboundError);
  return err as OutboundError;
}

describe('address classes', () => {
  it.each([
    ['127.0.0.1', 'loopback'],
    ['::1', 'loopback'],
    ['0.0.0.0', 'unspecified'],
    ['10.1.2.3', 'private'],
    ['172.20.0.1', 'private'],
    ['192.168.1.1', 'private'],
    ['169.254.169.254', 'link-local'],
    ['fe80::1', 'link-local'],
    ['100.64.0.1', 'cgnat'],
    ['224.0.0.1', 'multicast'],
    ['ff02::1', 'multicast'],
    ['240.0.0.1', 'reserved'],
    ['192.0.2.5', 'reserved'],
    ['fd00::1', 'unique-local'],
    ['::ffff:127.0.0.1', 'ipv4-mapped'],
    ['::ffff:8.8.8.8', 'ipv4-mapped'],
  ])('%s is %s', (ip, cls) => {
    expect(classifyAddress(ip)).toBe(cls);
  });

  it.each(['8.8.8.8', '1.1.1.1', '172.32.0.1', '100.128.0.1', '2606:4700:4700::1111'])(
    '%s is public',
    (ip) => {
      expect(classifyAddress(ip)).toBeNull();
    },
  );

  it('allow-list entries match hosts, wildcards, addresses and CIDRs', () => {
    const m = compileAllowList(['nas.lan', '*.home.arpa', '192.168.1.0/24', 'fd00::5']);
    expect(m.host('NAS.lan')).toBe(true);
    expect(m.host('printer.home.arpa')).toBe(true);
    expect(m.host('other.lan')).toBe(false);
    expect(m.address('192.168.1.77')).toBe(true);
    expect(m.address('192.168.2.1')).toBe(false);
    expect(m.address('fd00::5')).toBe(true);
    expect(isAllowListEntry('10.0.0.0/8')).toBe(true);
    expect(isAllowListEntry('10.0.0.0/33')).toBe(false);
    expect(isAllowListEntry('not a host')).toBe(false);
  });
});

describe('safeFetch', () => {
  let site: StandIn;
  beforeAll(async () => {
    site = await startStandIn(siteHandler());
  });
  afterAll(() => site.close());

  it('fetches when private targets are allowed', async () => {
    const res = await safeFetch(`${site.url}/ok`, { policy: open });
    expect(res.status).toBe(200);
    expect(res.text()).toContain('<title>ok</title>');
    expect(res.address).toBe('127.0.0.1');
  });

  it.each([
    ['http://127.0.0.1:1/', 'loopback'],
    ['http://[::1]:1/', 'loopback'],
    ['http://10.0.0.1/', 'private'],
    ['http://169.254.169.254/latest/meta-data/', 'link-local'],
    ['http://100.64.1.1/', 'cgnat'],
    ['http://224.0.0.1/', 'multicast'],
    ['http://240.0.0.1/', 'reserved'],
    ['http://[fd12::1]/', 'unique-local'],
    ['http://[fe80::1]/', 'link-local'],
    ['http://[::ffff:7f00:1]/', 'ipv4-mapped'],
    ['http://0.0.0.0/', 'unspecified'],
  ])('refuses %s (%s) by default', async (url, cls) => {
    const err = await refusal(safeFetch(url, { policy: closed }));
    expect(err.kind).toBe('refused');
    expect(err.reason).toContain(cls);
  });

  it('refuses schemes other than http and https, and embedded credentials', async () => {
    expect((await refusal(safeFetch('file:///etc/passwd', { policy: open }))).reason).toMatch(
      /http and https/,
    );
    expect((await refusal(safeFetch('ftp://example.com/', { policy: open }))).kind).toBe('refused');
    expect((await refusal(safeFetch(`http://u:p@127.0.0.1:${site.port}/`, { policy: open }))).kind).toBe(
      'refused',
    );
  });

  it('refuses a host name that resolves to a private address (real DNS: localhost)', async () => {
    const logged = vi.spyOn(logger, 'info');
    const err = await refusal(safeFetch(`http://localhost:${site.port}/ok`, { policy: closed }));
    expect(logged).toHaveBeenCalledWith(
      'outbound',
      'request refused',
      expect.objectContaining({ detail: expect.stringMatching(/localhost resolves to/) }),
    );
    logged.mockRestore();
    // What the user who typed the address sees names no address the server's DNS answered; the log has it.
    expect(err.reason).toMatch(/^localhost is on a private network/);
    expect(err.reason).not.toMatch(/127\.0\.0\.1|::1|resolves|loopback/);
    expect(err.detail).toMatch(/localhost resolves to (127\.0\.0\.1|::1), which is a loopback address/);
    expect(site.requests.some((r) => r.headers.host === `localhost:${site.port}`)).toBe(false);
  });

  it('refuses when any DNS answer is private, and connects to the checked address only', async () => {
    const mixed = async () => [
      { address: '93.184.216.34', family: 4 },
      { address: '10.0.0.7', family: 4 },
    ];
    const err = await refusal(safeFetch('http://rebind.test/', { policy: closed, resolve: mixed }));
    expect(err.reason).not.toContain('10.0.0.7');
    expect(err.detail).toContain('10.0.0.7');
    // With private allowed, a name the system cannot resolve still reaches the address our resolver answered.
    let lookups = 0;
    const pinned = async () => {
      lookups++;
      return [{ address: '127.0.0.1', family: 4 }];
    };
    const res = await safeFetch(`http://rebind.test:${site.port}/ok`, { policy: open, resolve: pinned });
    expect(res.text()).toContain(`host=rebind.test:${site.port}`);
    expect(lookups).toBe(1);
  });

  it('re-checks every redirect hop', async () => {
    // A public-looking first hop is simulated by an allow-list entry for the stand-in's name only.
    const policy: OutboundPolicy = { allowPrivate: false, allowList: ['site.test'] };
    const resolve = async () => [{ address: '127.0.0.1', family: 4 }];
    const ok = await safeFetch(`http://site.test:${site.port}/redirect?to=/ok`, { policy, resolve });
    expect(ok.status).toBe(200);
    const err = await refusal(
      safeFetch(`http://site.test:${site.port}/redirect?to=http://169.254.169.254/latest`, {
        policy,
        resolve,
      }),
    );
    expect(err.reason).toContain('169.254.169.254 is a link-local address');
  });

  it('allow-list entries open private addresses', async () => {
    const byCidr = await safeFetch(`${site.url}/ok`, {
      policy: { allowPrivate: false, allowList: ['127.0.0.0/8'] },
    });
    expect(byCidr.status).toBe(200);
  });

  it('caps the body and the time', async () => {
    const cut = await safeFetch(`${site.url}/endless`, { policy: open, maxBytes: 100_000 });
    expect(cut.truncated).toBe(true);
    expect(cut.body.length).toBe(100_000);
    const big = await refusal(
      safeFetch(`${site.url}/endless`, { policy: open, maxBytes: 1000, onTooLarge: 'error' }),
    );
    expect(big.kind).toBe('too_large');
    const slow = await refusal(safeFetch(`${site.url}/hang`, { policy: open, timeoutMs: 300 }));
    expect(slow.kind).toBe('timeout');
  });

  it('stops after too many redirects', async () => {
    const loop = `${site.url}/redirect?to=${encodeURIComponent('/redirect?to=/redirect')}`;
    const err = await refusal(safeFetch(loop, { policy: open, maxRedirects: 1 }));
    expect(err.kind).toBe('redirects');
  });

  it('follows the admin setting when no policy is given (the test env allows private targets)', async () => {
    const { env } = await import('../env');
    const before = env().OUTBOUND_ALLOW_PRIVATE;
    expect(before).toBe(true);
    expect((await safeFetch(`${site.url}/ok`)).status).toBe(200);
    (env() as { OUTBOUND_ALLOW_PRIVATE: boolean }).OUTBOUND_ALLOW_PRIVATE = false;
    try {
      expect((await refusal(safeFetch(`${site.url}/ok`))).kind).toBe('refused');
      await saveSettings({ outboundAllowList: ['127.0.0.1'] });
      expect((await safeFetch(`${site.url}/ok`)).status).toBe(200);
      await saveSettings({ outboundAllowList: [], outboundAllowPrivate: true });
      expect((await safeFetch(`${site.url}/ok`)).status).toBe(200);
    } finally {
      (env() as { OUTBOUND_ALLOW_PRIVATE: boolean }).OUTBOUND_ALLOW_PRIVATE = before;
      await saveSettings({ outboundAllowList: [], outboundAllowPrivate: false });
    }
  });
});
