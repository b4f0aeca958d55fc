/**
 * Multipart uploads as an endpoint declares them (`upload` in the contract): files are read into
 * memory with limits, each file must belong to a declared field, and a file over its field's limit
 * is 413. Text fields land in req.body for the body schema. What a file holds is checked later by
 * whoever stores it (images.ts decodes images; nothing trusts the name or the declared type).
 */
import type { RequestHandler } from 'express';
import multer from 'multer';
import type { UploadSpec } from '../../contract/endpoint';
import { AppError, invalidInput } from './errors';

export type UploadedFile = Express.Multer.File;
/** Uploaded files by field name (one file per field). */
export type UploadedFiles = Record<string, UploadedFile>;

/** Text fields of a form: how many and how long (a news article's blocks are the largest). */
const MAX_TEXT_FIELDS = 200;
const MAX_TEXT_FIELD_BYTES = 64 * 1024;

const megabytes = (bytes: number) => Math.max(1, Math.round(bytes / 1024 / 1024));
const tooLarge = (field: string, maxBytes: number) =>
  new AppError('payload_too_large', `Файл больше ${megabytes(maxBytes)} МБ`, {
    fields: { [field]: `Не больше ${megabytes(maxBytes)} МБ` },
  });

function limitOf(spec: UploadSpec, field: string): number | undefined {
  const named = spec.files?.[field];
  if (named) return named.maxBytes;
  return spec.pattern?.match.test(field) ? spec.pattern.maxBytes : undefined;
}

/** The middleware for one declaration: parses the form, leaves `res.locals.files`. */
export function uploadMiddleware(spec: UploadSpec): RequestHandler {
  const sizes = [...Object.values(spec.files ?? {}).map((f) => f.maxBytes), spec.pattern?.maxBytes ?? 0];
  const maxFiles = Object.keys(spec.files ?? {}).length + (spec.pattern?.maxFiles ?? 0);
  const parse = multer({
    storage: multer.memoryStorage(),
    limits: {
      fileSize: Math.max(...sizes),
      files: maxFiles,
      fields: MAX_TEXT_FIELDS,
      fieldSize: MAX_TEXT_FIELD_BYTES,
      parts: maxFiles + MAX_TEXT_FIELDS,
    },
  }).any();

  return (req, res, next) => {
    parse(req, res, (err: unknown) => {
      if (err) return next(fromMulterError(err, spec));
      const files: UploadedFiles = Object.create(null) as UploadedFiles;
      const fields: Record<string, string> = {};
      for (const file of (req.files as UploadedFile[] | undefined) ?? []) {
        const limit = limitOf(spec, file.fieldname);
        if (limit === undefined) fields[file.fieldname] = 'Здесь файл не ожидается';
        else if (files[file.fieldname]) fields[file.fieldname] = 'Отправьте один файл';
        else if (file.size > limit) return next(tooLarge(file.fieldname, limit));
        else files[file.fieldname] = file;
      }
      for (const [field, { required }] of Object.entries(spec.files ?? {})) {
        if (required && !files[field]) fields[field] ??= 'Выберите файл';
      }
      if (Object.keys(fields).length > 0) return next(invalidInput(fields));
      res.locals.files = files;
      next();
    });
  };
}

function fromMulterError(err: unknown, spec: UploadSpec): unknown {
  if (!(err instanceof multer.MulterError)) {
    // Busboy's own complaints (a truncated or malformed form) are the client's fault.
    return err instanceof Error && /multipart|boundary|Unexpected end of form|Malformed part/i.test(err.message)
      ? invalidInput({ _: 'Форма передана не полностью или повреждена' }, 'Форма передана не полностью или повреждена')
      : err;
  }
  // Named as a schema error names it: blocks[0][type] → blocks.0.type.
  const field = (err.field ?? 'file').replace(/\[([^\]]*)\]/g, '.$1');
  switch (err.code) {
    case 'LIMIT_FILE_SIZE':
      return tooLarge(field, limitOf(spec, field) ?? 0);
    case 'LIMIT_FIELD_VALUE':
      return invalidInput({ [field]: 'Слишком длинный текст' });
    case 'LIMIT_FILE_COUNT':
    case 'LIMIT_FIELD_COUNT':
    case 'LIMIT_PART_COUNT':
      return invalidInput({ _: 'Слишком много полей или файлов в форме' });
    default:
      return invalidInput({ [field]: 'Некорректное поле формы' });
  }
}
