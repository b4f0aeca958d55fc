/**
 * /admin/dashboard/news/create (SPEC: main title, main image, ordered blocks of kind title, text or
 * image; blocks added, moved up or down, removed, numbered from 1; the save button appears only when
 * the title and the image are set). The author is whoever is signed in; the server checks each image
 * and refuses what is not one (400) or too large (413), its messages shown beside the field.
 */
import type { NewsBlockType } from '@kino/backend/contract';
import { useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { formErrors } from '../../../shared/api/form-errors';
import { invalidate, useApiMutation, useQueryClient } from '../../../shared/api/hooks';
import { FormCard, FormMessage, SubmitButton, TextAreaField, TextField, formStyles } from '../../../shared/ui/form';
import { ImageField } from '../../../shared/ui/image-field';
import { addBlock, moveBlock, newsFormData, removeBlock, updateBlock, type DraftBlock } from '../lib/blocks';
import styles from './news-create-form.module.css';

const REQUIRED = 'Заполните обязательные поля: заголовок и главное изображение';

const BLOCK_LABELS: Record<NewsBlockType, string> = { title: 'Заголовок', text: 'Текст', image: 'Изображение' };

export function NewsCreateForm() {
  const queryClient = useQueryClient();
  const [title, setTitle] = useState('');
  const [mainImage, setMainImage] = useState<File | null>(null);
  const [blocks, setBlocks] = useState<DraftBlock[]>([]);
  const [missing, setMissing] = useState(false);
  // Each form (a new one after a save) starts its file inputs empty.
  const [formKey, setFormKey] = useState(0);
  const nextKey = useRef(1);
  const save = useApiMutation('POST /news/create', {
    onSuccess: () => void invalidate(queryClient, 'GET /news', 'GET /news/admin'),
  });
  const server = formErrors(save.error);
  const errorOf = (i: number) => server.fields[`blocks.${i}.content`] ?? server.fields[`blocks[${i}][content]`];
  const ready = title.trim() !== '' && mainImage !== null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!ready) return setMissing(true);
    save.mutate(
      { body: newsFormData(title.trim(), mainImage, blocks) },
      {
        onSuccess: () => {
          setTitle('');
          setMainImage(null);
          setBlocks([]);
          setFormKey((k) => k + 1);
        },
      },
    );
  };

  return (
    <FormCard title="Новая новость">
      <form key={formKey} className={formStyles.form} onSubmit={submit} noValidate>
        {save.isSuccess && (
          <FormMessage kind="success">
            {save.data.message} <Link to={paths.newsItem(save.data.id)}>Открыть новость</Link>
          </FormMessage>
        )}
        {server.message && <FormMessage kind="error">{server.message}</FormMessage>}
        {missing && !ready && <FormMessage kind="error">{REQUIRED}</FormMessage>}
        {server.fields.blocks && <FormMessage kind="error">{server.fields.blocks}</FormMessage>}
        <TextField
          label="Заголовок"
          name="mainTitle"
          required
          value={title}
          onChange={(e) => setTitle(e.target.value)}
          error={server.fields.mainTitle}
        />
        <ImageField
          label="Главное изображение"
          name="mainImage"
          required
          file={mainImage}
          onChange={setMainImage}
          error={server.fields.mainImage}
        />

        <ol className={styles.blocks} aria-label="Блоки новости">
          {blocks.map((block, i) => (
            <li key={block.key} className={styles.block} aria-label={`Блок ${i + 1}: ${BLOCK_LABELS[block.type]}`}>
              <div className={styles.blockHead}>
                <span className={styles.order}>
                  {i + 1}. {BLOCK_LABELS[block.type]}
                </span>
                <div className={styles.tools}>
                  <button type="button" onClick={() => setBlocks(moveBlock(blocks, i, -1))} disabled={i === 0}>
                    Выше
                  </button>
                  <button
                    type="button"
                    onClick={() => setBlocks(moveBlock(blocks, i, 1))}
                    disabled={i === blocks.length - 1}
                  >
                    Ниже
                  </button>
                  <button type="button" onClick={() => setBlocks(removeBlock(blocks, i))}>
                    Удалить
                  </button>
                </div>
              </div>
              {block.type === 'image' ? (
                <ImageField
                  label={`Изображение блока ${i + 1}`}
                  name={`blocks[${i}][content]`}
                  file={block.file}
                  onChange={(file) => setBlocks(updateBlock(blocks, i, { file }))}
                  error={errorOf(i)}
                />
              ) : block.type === 'title' ? (
                <TextField
                  label={`Подзаголовок блока ${i + 1}`}
                  name={`blocks[${i}][content]`}
                  value={block.text}
                  onChange={(e) => setBlocks(updateBlock(blocks, i, { text: e.target.value }))}
                  error={errorOf(i)}
                />
              ) : (
                <TextAreaField
                  label={`Текст блока ${i + 1}`}
                  name={`blocks[${i}][content]`}
                  value={block.text}
                  onChange={(e) => setBlocks(updateBlock(blocks, i, { text: e.target.value }))}
                  error={errorOf(i)}
                />
              )}
            </li>
          ))}
        </ol>
        <div className={styles.add} role="group" aria-label="Добавить блок">
          {(Object.keys(BLOCK_LABELS) as NewsBlockType[]).map((type) => (
            <button key={type} type="button" onClick={() => setBlocks(addBlock(blocks, type, nextKey.current++))}>
              + {BLOCK_LABELS[type]}
            </button>
          ))}
        </div>

        {ready ? (
          <SubmitButton saving={save.isPending}>Сохранить новость</SubmitButton>
        ) : (
          <p className={formStyles.hint}>{REQUIRED}</p>
        )}
      </form>
      <div className={formStyles.links}>
        <Link to={paths.adminSection('news')}>Вернуться к новостям</Link>
      </div>
    </FormCard>
  );
}
