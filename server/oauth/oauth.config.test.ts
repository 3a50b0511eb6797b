import { describe, expect, it } from 'vitest';
import { maskConfig, maskSecret, missingFields, unmask } from './oauth.config';
import { discoveryUrl } from './providers/oidc';

describe('provider configuration', () => {
  it('masks secrets as **** plus the last four characters, short ones entirely', () => {
    expect(maskSecret('abcdefghij')).toBe('****ghij');
    expect(maskSecret('12345678')).toBe('****');
    expect(maskConfig({ enabled: true, clientId: 'id', clientSecret: 'supersecretvalue' })).toEqual({
      enabled: true,
      clientId: 'id',
      clientSecret: '****alue',
    });
  });

  it('keeps the stored secret when a masked one comes back, and takes a new one', () => {
    const stored = { enabled: true, clientId: 'id', clientSecret: 'stored-secret-1234' };
    expect(unmask({ enabled: true, clientId: 'id2', clientSecret: '****1234' }, stored)).toEqual({
      enabled: true,
      clientId: 'id2',
      clientSecret: 'stored-secret-1234',
    });
    expect(unmask({ enabled: false, clientSecret: 'new' }, stored)).toEqual({
      enabled: false,
      clientSecret: 'new',
    });
    expect(unmask({ enabled: false, clientSecret: '' }, stored)).toEqual({ enabled: false });
  });

  it('keeps a stored secret only at the address it was saved with', () => {
    const stored = {
      enabled: true,
      issuer: 'https://id.example',
      clientId: 'id',
      clientSecret: 'stored-1234',
    };
    const moved = { ...stored, issuer: 'https://evil.example', clientSecret: '****1234' };
    expect(() => unmask(moved, stored)).toThrow(expect.objectContaining({ code: 'secret_required' }));
    expect(() => unmask({ ...moved, issuer: '' }, stored)).toThrow(
      expect.objectContaining({ code: 'secret_required' }),
    );
    const gh = { enabled: true, clientId: 'id', clientSecret: 'stored-1234' };
    expect(() => unmask({ ...gh, serverUrl: 'https://evil.example', clientSecret: '****' }, gh)).toThrow(
      expect.objectContaining({ code: 'secret_required' }),
    );
    // Typed again, or the same address as saved (a trailing slash aside): fine.
    expect(unmask({ ...moved, clientSecret: 'typed-again' }, stored).clientSecret).toBe('typed-again');
    expect(unmask({ ...moved, issuer: 'https://id.example/' }, stored).clientSecret).toBe('stored-1234');
  });

  it('names the fields a provider still needs', () => {
    expect(missingFields('wecom', { enabled: true, corpId: 'ww1' })).toEqual(['agentId', 'secret']);
    expect(missingFields('github', { enabled: true, clientId: 'a', clientSecret: 'b' })).toEqual([]);
  });

  it('finds the discovery document from an issuer or takes a full discovery URL', () => {
    expect(discoveryUrl('https://id.example/realms/x/')).toBe(
      'https://id.example/realms/x/.well-known/openid-configuration',
    );
    expect(discoveryUrl('https://id.example/.well-known/openid-configuration')).toBe(
      'https://id.example/.well-known/openid-configuration',
    );
  });
});
