import { useTranslation } from 'react-i18next';
import { CopyButton } from './copy-button';
import { Panel } from '~/components/ui/panel';

/** What an MCP client needs, for this site's address (docs/api.md "MCP"). */
export function mcpSnippets(origin: string) {
  const url = `${origin}/api/mcp`;
  const auth = 'Bearer sak_YOUR_TOKEN';
  const generic = JSON.stringify(
    { mcpServers: { 'sakura-nav': { type: 'http', url, headers: { Authorization: auth } } } },
    null,
    2,
  );
  const desktop = JSON.stringify(
    {
      mcpServers: {
        'sakura-nav': {
          command: 'npx',
          args: ['-y', 'mcp-remote', url, '--header', 'Authorization:${AUTH_HEADER}'],
          env: { AUTH_HEADER: auth },
        },
      },
    },
    null,
    2,
  );
  const cli = `claude mcp add --transport http sakura-nav ${url} --header "Authorization: ${auth}"`;
  return { url, sse: `${origin}/api/mcp/sse`, generic, desktop, cli };
}

function Snippet({ title, text, copy }: { title: string; text: string; copy: string }) {
  return (
    <div className="mcp-snippet">
      <p className="small">{title}</p>
      <pre className="code-block mcp-code">
        <code>{text}</code>
      </pre>
      <CopyButton value={text} label={copy} />
    </div>
  );
}

/** How to connect an AI assistant: the MCP address and client configurations with a token placeholder. */
export function McpPanel({ origin }: { origin: string }) {
  const { t } = useTranslation();
  const s = mcpSnippets(origin);
  return (
    <Panel id="mcp" title={t('profile.mcp.title')}>
      <p className="muted">{t('profile.mcp.intro')}</p>
      <dl className="mcp-urls">
        <dt>{t('profile.mcp.urlLabel')}</dt>
        <dd>
          <code className="mono">{s.url}</code>
        </dd>
        <dt>{t('profile.mcp.sseLabel')}</dt>
        <dd>
          <code className="mono">{s.sse}</code>
        </dd>
      </dl>
      <p className="small">{t('mcpOauth.panel.noToken')}</p>
      <Snippet title={t('profile.mcp.configTitle')} text={s.generic} copy={t('profile.mcp.copyConfig')} />
      <Snippet title={t('profile.mcp.desktopTitle')} text={s.desktop} copy={t('profile.mcp.copyDesktop')} />
      <Snippet title={t('profile.mcp.cliTitle')} text={s.cli} copy={t('profile.mcp.copyCli')} />
      <p className="small muted">{t('profile.mcp.placeholder')}</p>
    </Panel>
  );
}
