import { useParams } from 'react-router';
import { paths } from '../../../config/paths';
import { useHallPlan } from '../../../features/halls/api/plans';
import { HallPlanEditor } from '../../../features/halls/components/hall-plan-editor';
import { useDocumentTitle } from '../../../shared/lib/page-meta';
import { Missing } from '../../../shared/ui/missing';
import { QueryState } from '../../../shared/ui/query-state';

/** /admin/dashboard/halls/{id}/plan */
export default function HallPlanRoute() {
  const id = Number(useParams().id);
  const valid = Number.isSafeInteger(id) && id > 0 && id <= 2_147_483_647;
  const plan = useHallPlan(valid ? id : 0, valid);
  useDocumentTitle(plan.data ? `План зала: ${plan.data.name}` : 'План зала');
  const missing = <Missing title="Зал не найден" back={{ to: paths.adminSection('halls'), label: 'Все залы' }} />;
  if (!valid) return missing;
  return (
    <QueryState query={plan} loading="Загрузка плана зала..." error="Не удалось загрузить план зала" notFound={missing}>
      {(data) => <HallPlanEditor key={data.hall_id} hall={data} />}
    </QueryState>
  );
}
