import { useParams } from 'react-router';
import { ShiftMissing, ShiftPage } from '../../../features/shifts/components/shift-page';

/** /admin/dashboard/shifts/{id} */
export default function ShiftRoute() {
  const id = Number(useParams().id);
  return Number.isSafeInteger(id) && id > 0 && id <= 2_147_483_647 ? <ShiftPage key={id} id={id} /> : <ShiftMissing />;
}
