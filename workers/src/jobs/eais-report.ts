/** Sales and refunds not yet reported go to ЕАИС (modules/eais/report.ts); a failed delivery fails the job (retried). */
import { reportToEais } from '@kino/backend/modules/eais';
import { defineJob } from '../define-job';

export default defineJob('eais.report', (_payload, { ctx }) => reportToEais(ctx));
