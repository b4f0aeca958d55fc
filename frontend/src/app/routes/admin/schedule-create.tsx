import { ScheduleCreateForm } from '../../../features/schedule/components/schedule-create-form';

export default ScheduleCreateForm;
