// Texts of the bookmark import's other sources: dashboards' configurations and the folder path choice.
const dashboardImportEn = {
  formats:
    'Moving from another dashboard? Upload Homepage’s services.yaml or bookmarks.yaml, Dashy’s conf.yml, a Homarr backup’s data.json (or a 0.x configuration) or a linkding export: groups and sections become tags.',
  readAs: 'Read as: {{format}}.',
  format: {
    'netscape-html': 'a bookmark file (HTML)',
    markdown: 'Markdown links',
    'url-list': 'a list of links',
    homepage: 'a Homepage configuration',
    dashy: 'a Dashy configuration',
    homarr: 'a Homarr configuration',
    ai: 'the AI’s reading',
  },
  folderPath: 'Keep the folder path in the tag name',
  folderPathHint:
    'A bookmark in a nested folder joins “{{path}}”; untick to name the tag after its own folder only (“{{name}}”).',
};

export default dashboardImportEn;
