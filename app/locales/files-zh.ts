import type filesEn from './files-en';

const filesZh: typeof filesEn = {
  title: '图片、文件和附件',
  intro: '图片和文件以 Markdown 插入正文；附件列在笔记下方。',
  noJsHint: '图片或文件会追加到已保存正文的末尾：请先保存修改。',
  kind: '添加为',
  kinds: {
    image: '正文中的图片（不超过 5 MB）',
    file: '正文中的文件链接（不超过 10 MB）',
    attachment: '附件（不超过 100 MB）',
  },
  choose: '文件',
  upload: '上传',
  uploading: '正在上传… {{percent}}%',
  insertImage: '插入图片',
  insertFile: '插入文件',
  pasteHint: '把图片粘贴或拖入正文即可上传。',
  attachments: '附件',
  noAttachments: '还没有附件。',
  download: '下载 {{name}}',
  rename: '重命名',
  newName: '{{name}} 的新名称',
  delete: '删除',
  deleteLabel: '删除 {{name}}',
  saveFirst: '保存笔记后即可添加附件。',
  newNoteNoJs:
    '图片、文件和附件添加到已保存的笔记中：点此按钮会先用已填写的内容创建笔记，再在这里打开以添加它们。',
  saveAndAdd: '保存并添加文件',
  attachedOnSave: '创建笔记时附加',
  iconUrl: '图标地址',
  iconUrlHint: 'http(s) 图片地址，或你放进笔记里的图片的地址（以 /api/assets/ 开头）；留空使用默认图标。',
  flash: {
    added: '已添加 {{name}}。',
    attached: '已附加 {{name}}。',
    renamed: '附件已重命名。',
    deleted: '附件已删除。',
  },
};

export default filesZh;
