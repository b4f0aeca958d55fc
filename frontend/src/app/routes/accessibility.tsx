import { AccessibleSessions } from '../../features/schedule/components/accessible-sessions';
import { usePageMeta } from '../../shared/lib/page-meta';

/** /accessibility: the coming sessions with subtitles or audio description (REGISTRIES.md §4.3). */
export default function AccessibilityPage() {
  usePageMeta({
    title: 'Сеансы с субтитрами и тифлокомментарием',
    description:
      'Ближайшие сеансы с субтитрами для глухих и слабослышащих и с тифлокомментарием для незрячих: начало, фильм и длительность.',
  });
  return (
    <>
      <h1>Сеансы с субтитрами и тифлокомментарием</h1>
      <p>
        Субтитры — для глухих и слабослышащих зрителей, тифлокомментарий — для незрячих и слабовидящих. Ниже — ближайшие
        такие сеансы: начало, фильм и его длительность.
      </p>
      <AccessibleSessions />
    </>
  );
}
