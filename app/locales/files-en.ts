// Texts of the note editor's pictures, files and attachments, and of the icon fields.
const filesEn = {
  title: 'Pictures, files and attachments',
  intro: 'Pictures and files go into the text as Markdown; attachments are listed with the note.',
  noJsHint: 'The picture or file is added to the end of the saved text: save your changes first.',
  kind: 'Add as',
  kinds: {
    image: 'Picture in the text (up to 5 MB)',
    file: 'Link to a file in the text (up to 10 MB)',
    attachment: 'Attachment (up to 100 MB)',
  },
  choose: 'File',
  upload: 'Upload',
  uploading: 'Uploading… {{percent}}%',
  insertImage: 'Insert picture',
  insertFile: 'Insert file',
  pasteHint: 'Paste or drop a picture into the text to upload it.',
  attachments: 'Attachments',
  noAttachments: 'No attachments yet.',
  download: 'Download {{name}}',
  rename: 'Rename',
  newName: 'New name for {{name}}',
  delete: 'Delete',
  deleteLabel: 'Delete {{name}}',
  saveFirst: 'Save the note to attach files.',
  newNoteNoJs:
    'Pictures, files and attachments are added to a saved note: this button creates the note with what you wrote and opens it here to add them.',
  saveAndAdd: 'Save and add files',
  attachedOnSave: 'attached when the note is created',
  iconUrl: 'Icon URL',
  iconUrlHint:
    'An http(s) image address, or the address of a picture you put in a note (it starts with /api/assets/); blank uses the default icon.',
  flash: {
    added: 'Added {{name}}.',
    attached: 'Attached {{name}}.',
    renamed: 'Attachment renamed.',
    deleted: 'Attachment deleted.',
  },
};

export default filesEn;
