import type { Response } from 'express';
import type { AppContext } from '../../context';
import { handlers } from '../../lib/http/api-router';
import { loadAccessibilityReport } from './accessibility';
import { loadDistributorReport, loadWeekFilms } from './distributor';
import { distributorPdf, distributorXlsx, salesCsv, salesXlsx, type ReportFile } from './export';
import { cinemaSettings } from '../settings/cinema';
import { loadSalesReport } from './sales';

const sendFile = (res: Response, file: ReportFile) =>
  void res.set('Cache-Control', 'private, no-store').type(file.contentType).attachment(file.filename).send(file.bytes);

export const reportRoutes = (ctx: AppContext) =>
  handlers({
    'GET /reports/sales': async ({ query, res }) => {
      const report = await loadSalesReport(ctx, query);
      if (query.format === 'csv') return sendFile(res, salesCsv(report));
      if (query.format === 'xlsx') return sendFile(res, await salesXlsx(report));
      return report;
    },
    'GET /reports/distributor': async ({ query, res }) => {
      const report = await loadDistributorReport(ctx, query);
      if (query.format === 'xlsx') return sendFile(res, await distributorXlsx(report));
      if (query.format === 'pdf') return sendFile(res, await distributorPdf(report, await cinemaSettings(ctx)));
      return report;
    },
    'GET /reports/distributor/films': ({ query }) => loadWeekFilms(ctx, query.week),
    'GET /reports/accessibility': ({ query }) => loadAccessibilityReport(ctx, query.week),
  });
