import type dashboardImportEn from './dashboard-import-en';

const dashboardImportZh: typeof dashboardImportEn = {
  formats:
    '从其他导航面板迁移？可上传 Homepage 的 services.yaml 或 bookmarks.yaml、Dashy 的 conf.yml、Homarr 备份中的 data.json（或 0.x 配置）以及 linkding 导出文件：分组和分区会成为标签。',
  readAs: '识别为：{{format}}。',
  format: {
    'netscape-html': '书签文件（HTML）',
    markdown: 'Markdown 链接',
    'url-list': '链接列表',
    homepage: 'Homepage 配置',
    dashy: 'Dashy 配置',
    homarr: 'Homarr 配置',
    ai: 'AI 的读取结果',
  },
  folderPath: '标签名保留文件夹路径',
  folderPathHint: '嵌套文件夹中的书签放入“{{path}}”；取消勾选则只用它所在文件夹的名字（“{{name}}”）。',
};

export default dashboardImportZh;
