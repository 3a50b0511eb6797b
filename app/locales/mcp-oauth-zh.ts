import type mcpOauthEn from './mcp-oauth-en';

const mcpOauthZh: typeof mcpOauthEn = {
  consent: {
    title: '连接应用',
    heading: '{{client}} 想要使用你的导航页',
    intro: '它将以 {{user}} 的身份，通过 MCP 接口访问你的标签、卡片和快照。请只允许你信任的应用。',
    appLabel: '应用',
    redirectLabel: '完成后返回',
    accessLegend: '允许它做什么？',
    read: '只读',
    readHint: '查看你的标签、卡片、笔记和快照。',
    write: '读写',
    writeHint: '还可以创建、修改和删除它们（删除和批量修改前会自动拍摄快照）。',
    readOnlyAsked: '该应用只申请了读取权限。',
    allow: '允许',
    deny: '拒绝',
    revokeHint: '你可以随时在“个人资料 → 访问令牌”中撤销。',
    unverified: '名称由应用自行提供，请核对上面的地址。',
  },
  error: {
    title: '无法连接此应用',
    unknown_client: '链接中的应用未在此注册（或注册已过期）。请从应用中重新发起连接。',
    bad_redirect_uri: '链接会把你带到该应用未注册的地址。没有任何内容被共享。请从应用中重新发起连接。',
    forbidden: '管理员打开的账号不能连接应用。',
    conflict: '已连接的应用数量已达上限。请先在“个人资料 → 访问令牌”中撤销一个。',
    back: '返回导航页',
  },
  panel: {
    noToken:
      '支持 MCP 登录授权（OAuth）的助手只需要上面的地址：它会在这里打开一个页面供你允许，之后会列在“访问令牌”中。其他助手请按下面的方式使用令牌。',
  },
  tokens: {
    appBadge: '应用连接',
    readWrite: '读写',
    via: '返回到 {{host}}',
    connectedAt: '连接于 {{date}}',
    revoke: '撤销',
    revokeNamed: '撤销 {{name}} 的连接',
    confirmTitle: '撤销“{{name}}”的连接？',
    confirmBody: '该应用会立即失去访问权限，包括已打开的连接。若要再次使用，请重新连接。',
    confirmSubmit: '撤销',
    revoked: '连接已撤销',
  },
};

export default mcpOauthZh;
