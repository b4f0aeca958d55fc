/**
 * The profile avatar: a button opening a popover to choose an image and save it. The page behind
 * is blurred while the popover is open (the parent gets `onOpenChange`).
 */
import { AVATAR_MAX_BYTES } from '@kino/backend/contract';
import { useEffect, useId, useMemo, useRef, useState, type FormEvent } from 'react';
import { formDataOf } from '../../../shared/api/client';
import { formErrors } from '../../../shared/api/form-errors';
import { Avatar } from '../../../shared/ui/avatar';
import { FormMessage, SubmitButton } from '../../../shared/ui/form';
import { useUploadAvatar } from '../api/profile';
import styles from './avatar-popover.module.css';

export function AvatarPopover({
  avatar,
  name,
  onOpenChange,
}: {
  avatar: string | null;
  name: string;
  onOpenChange: (open: boolean) => void;
}) {
  const [open, setOpenState] = useState(false);
  const [file, setFile] = useState<File | null>(null);
  const [problem, setProblem] = useState<string>();
  const upload = useUploadAvatar();
  const popoverId = useId();
  const dialog = useRef<HTMLDivElement>(null);

  const setOpen = (value: boolean) => {
    setOpenState(value);
    onOpenChange(value);
    if (!value) {
      setFile(null);
      setProblem(undefined);
      upload.reset();
    }
  };

  const preview = useMemo(() => (file ? URL.createObjectURL(file) : undefined), [file]);
  useEffect(
    () => () => {
      if (preview) URL.revokeObjectURL(preview);
    },
    [preview],
  );

  useEffect(() => {
    if (open) dialog.current?.querySelector('input')?.focus();
  }, [open]);

  const choose = (chosen: File | undefined) => {
    setProblem(undefined);
    if (!chosen) return setFile(null);
    if (!chosen.type.startsWith('image/')) return setProblem('Выберите изображение (JPEG, PNG, WebP, GIF или AVIF)');
    if (chosen.size > AVATAR_MAX_BYTES) return setProblem('Файл больше 5 МБ');
    setFile(chosen);
  };

  const save = (event: FormEvent) => {
    event.preventDefault();
    if (!file) return setProblem('Выберите изображение');
    upload.mutate({ body: formDataOf({ image: file }) }, { onSuccess: () => setOpen(false) });
  };
  const { fields, message } = formErrors(upload.error);
  const error = problem ?? fields.image ?? message;

  return (
    <div className={styles.root}>
      <button
        type="button"
        className={styles.trigger}
        aria-expanded={open}
        aria-controls={popoverId}
        onClick={() => setOpen(!open)}
      >
        <Avatar src={avatar} name={name} size={120} />
        <span className={styles.change}>Сменить аватар</span>
      </button>
      {open && (
        <div
          id={popoverId}
          ref={dialog}
          className={styles.popover}
          role="dialog"
          aria-label="Новый аватар"
          onKeyDown={(e) => e.key === 'Escape' && setOpen(false)}
        >
          <form onSubmit={save} className={styles.form}>
            {preview && (
              <img
                src={preview}
                alt="Предпросмотр нового аватара"
                className={styles.preview}
                width={120}
                height={120}
              />
            )}
            <label className={styles.label}>
              Изображение до 5 МБ
              <input
                type="file"
                name="image"
                accept="image/jpeg,image/png,image/webp,image/gif,image/avif"
                onChange={(e) => choose(e.target.files?.[0])}
              />
            </label>
            {error && <FormMessage kind="error">{error}</FormMessage>}
            <div className={styles.actions}>
              <SubmitButton saving={upload.isPending}>Сохранить</SubmitButton>
              <button type="button" className={styles.cancel} onClick={() => setOpen(false)}>
                Отмена
              </button>
            </div>
          </form>
        </div>
      )}
    </div>
  );
}
