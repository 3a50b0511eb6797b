// Texts of the dashboard's bulk selection (edit mode): the selection bar and its messages.
const bulkEn = {
  label: 'Selected cards',
  hint: 'Tick cards, then choose what to do with them.',
  countNone: 'No cards selected',
  countOne: '1 card selected',
  countMany: '{{n}} cards selected',
  select: 'Select {{name}}',
  selectAll: 'Select all',
  selectAllTag: 'Select all in this tag',
  clear: 'Clear',
  tag: 'Tag',
  chooseTagOption: 'Choose a tag…',
  move: 'Move to tag',
  addTag: 'Add tag',
  removeTag: 'Remove tag',
  pin: 'Pin',
  unpin: 'Unpin',
  delete: 'Delete',
  noneSelected: 'Tick at least one card first.',
  chooseTag: 'Choose a tag first.',
  gone: 'Some of those cards or that tag no longer exist; nothing was changed.',
  failed: 'That could not be done; nothing was changed.',
  nothingChanged: 'Nothing to change: the cards were already like that.',
  onlySkipped: 'Nothing changed: social cards and notes have no tags.',
  done: {
    move_one: '1 card moved to {{tag}}.',
    move_other: '{{count}} cards moved to {{tag}}.',
    addTag_one: '1 card tagged {{tag}}.',
    addTag_other: '{{count}} cards tagged {{tag}}.',
    removeTag_one: '1 card taken out of {{tag}}.',
    removeTag_other: '{{count}} cards taken out of {{tag}}.',
    moveSkipped_one:
      '1 card moved to {{tag}}; {{skipped}} social card or note left as it was (they have no tags).',
    moveSkipped_other:
      '{{count}} cards moved to {{tag}}; {{skipped}} social cards or notes left as they were (they have no tags).',
    addTagSkipped_one:
      '1 card tagged {{tag}}; {{skipped}} social card or note left as it was (they have no tags).',
    addTagSkipped_other:
      '{{count}} cards tagged {{tag}}; {{skipped}} social cards or notes left as they were (they have no tags).',
    removeTagSkipped_one: '1 card taken out of {{tag}}.',
    removeTagSkipped_other: '{{count}} cards taken out of {{tag}}.',
    pin_one: '1 card pinned.',
    pin_other: '{{count}} cards pinned.',
    unpin_one: '1 card unpinned.',
    unpin_other: '{{count}} cards unpinned.',
    delete_one: '1 card deleted.',
    delete_other: '{{count}} cards deleted.',
  },
};

export default bulkEn;
