// Texts of the MCP authorization flow: the consent page and app connections in the tokens list.
const mcpOauthEn = {
  consent: {
    title: 'Connect an app',
    heading: '{{client}} wants to use your dashboard',
    intro:
      'It will reach your tags, cards and snapshots through the MCP endpoint, as {{user}}. Allow only apps you trust.',
    appLabel: 'App',
    redirectLabel: 'You go back to',
    accessLegend: 'What may it do?',
    read: 'Read only',
    readHint: 'See your tags, cards, notes and snapshots.',
    write: 'Read and write',
    writeHint: 'Also create, change and delete them (a snapshot is taken before deletions and bulk changes).',
    readOnlyAsked: 'The app asked only to read.',
    allow: 'Allow',
    deny: 'Deny',
    revokeHint: 'You can revoke it at any time under Profile → Access tokens.',
    unverified: 'The name is what the app says about itself; check the address above.',
  },
  error: {
    title: 'This app cannot be connected',
    unknown_client:
      'The link names an app that is not registered here (or its registration has expired). Start connecting again from the app.',
    bad_redirect_uri:
      'The link would send you to an address the app did not register. Nothing was shared. Start connecting again from the app.',
    forbidden: 'An administrator who opened this account cannot connect apps to it.',
    conflict: 'You have connected the most apps allowed. Revoke one under Profile → Access tokens first.',
    back: 'Back to the dashboard',
  },
  panel: {
    noToken:
      'Assistants that support MCP sign-in (OAuth) need only the address above: they open a page here where you allow them, and they are then listed under Access tokens. For the others, use a token as below.',
  },
  tokens: {
    appBadge: 'App connection',
    readWrite: 'Read and write',
    via: 'Returns to {{host}}',
    connectedAt: 'Connected {{date}}',
    revoke: 'Revoke',
    revokeNamed: 'Revoke the connection of {{name}}',
    confirmTitle: 'Revoke the connection of "{{name}}"?',
    confirmBody:
      'The app loses access at once, open connections included. To use it again, connect it again.',
    confirmSubmit: 'Revoke',
    revoked: 'The connection was revoked',
  },
};

export default mcpOauthEn;
