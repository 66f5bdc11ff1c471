import { useState } from 'react';
import { MSG, UPLOAD_MAX_BYTES } from '@cityforge/shared';
import { formatFileSize } from '../../lib/format';
import { addFiles } from '../../lib/upload-files';
import { toast } from '../ui/toast';

/**
 * The files picked for an upload. Other types are refused with the product's warning
 * (`MSG.invalidFileType`);
 * files over the server's size limit are refused at once rather than after the upload.
 */
export function useChosenFiles({ multiple = true }: { multiple?: boolean } = {}) {
  const [files, setFiles] = useState<File[]>([]);

  function add(chosen: File[]) {
    const result = addFiles(files, chosen, { multiple });
    if (result.wrongType.length > 0) toast.warning(MSG.invalidFileType);
    for (const file of result.tooLarge) {
      toast.warning(MSG.fileTooLarge, {
        message: `${file.name} is ${formatFileSize(file.size)}; the limit is ${formatFileSize(UPLOAD_MAX_BYTES)}.`,
      });
    }
    setFiles(result.files);
  }

  return {
    files,
    add,
    remove: (index: number) => setFiles((list) => list.filter((_, i) => i !== index)),
    clear: () => setFiles([]),
  };
}
