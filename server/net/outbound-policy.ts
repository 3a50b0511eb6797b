import { env } from '../env';
import { getSettings } from '../settings/settings.service';
import type { OutboundPolicy } from './ip-policy';

/**
 * The policy for outbound requests: the admin's settings, widened by `OUTBOUND_ALLOW_PRIVATE` (an operator switch
 * for deployments whose every target is on the LAN, and for tests whose stand-in servers listen on loopback).
 */
export async function outboundPolicy(): Promise<OutboundPolicy> {
  const s = await getSettings();
  return {
    allowPrivate: env().OUTBOUND_ALLOW_PRIVATE || s.outboundAllowPrivate,
    allowList: s.outboundAllowList,
  };
}
