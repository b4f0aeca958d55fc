/** A session's accessibility in the schedule editor (REGISTRIES.md §4.3): subtitles and audio description. */
import { CheckboxField } from '../../../shared/ui/form';

type Flag = 'subtitles' | 'audio_description';

/** The editor's two boxes, «Субтитры» and «Тифлокомментарий», with the server's complaints beside them. */
export function SessionAccessFields({
  form,
}: {
  form: {
    values: { subtitles?: unknown; audio_description?: unknown };
    errors: Record<string, string>;
    set: (name: Flag, value: boolean) => void;
  };
}) {
  return (
    <fieldset>
      <legend>Доступность сеанса</legend>
      <CheckboxField
        label="Субтитры"
        name="subtitles"
        checked={form.values.subtitles === true}
        onChange={(checked) => form.set('subtitles', checked)}
        error={form.errors.subtitles}
      />
      <CheckboxField
        label="Тифлокомментарий"
        name="audio_description"
        checked={form.values.audio_description === true}
        onChange={(checked) => form.set('audio_description', checked)}
        error={form.errors.audio_description}
      />
    </fieldset>
  );
}
