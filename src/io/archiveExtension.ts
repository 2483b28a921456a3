/**
 * The model archive's file extension (docs/model-format.md), in a module of its own so that a
 * file name can be made without loading the archive's reader and writer (./modelArchive).
 */
export const ARCHIVE_EXTENSION = '.lensboard';
