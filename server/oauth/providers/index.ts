import type { ProviderTable } from './types';
import { github } from './github';
import { oidc } from './oidc';
import { wechat, wecom } from './wechat';
import { dingtalk, feishu } from './feishu-dingtalk';

/** Every provider's flow, by key. */
export const PROVIDERS: ProviderTable = { github, oidc, wechat, wecom, feishu, dingtalk };
export type { ProviderProfile } from './types';
