import { KIND_RULES } from '#server/assets/file-rules';
import { uploadNoteFile } from '#server/assets/upload.service';
import { apiRoute } from '~/lib/api.server';
import { fileUpload } from '~/lib/api-handlers.server';

const handle = apiRoute({ POST: fileUpload(KIND_RULES['note-file'].maxBytes, uploadNoteFile) });

export { handle as loader, handle as action };
