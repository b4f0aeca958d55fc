/**
 * The modules' part of the after-commit duties (effects/index.ts performs the generic ones: caches,
 * pushes, jobs). Registered once per process at start-up (bootstrap.ts, the test harness), so that
 * the effects table runs them without importing a module.
 */
import { registerDuties, type DutyPerformers } from '../effects';
import { pushOrderView } from './orders/duties';
import { pushSalesChanged } from './reports/duties';
import { SeatStore, syncSeats } from './seats';
import { pushTicketsChanged, scheduleWatchingJobs } from './tickets/duties';

export const MODULE_DUTIES: DutyPerformers = {
  'order-view': (ctx, duty) => pushOrderView(ctx, duty.orderId, duty.userId),
  'push-sales': (ctx, duty) => pushSalesChanged(ctx, duty.sessionIds),
  'push-tickets': (ctx, duty) => pushTicketsChanged(ctx, duty.ticketIds),
  'watching-jobs': (ctx, duty) => scheduleWatchingJobs(ctx, duty.sessionIds),
  seats: (ctx, duty) => syncSeats(ctx, duty),
  replan: async (ctx, duty) => {
    const store = new SeatStore(ctx);
    await Promise.all(duty.sessionIds.map((id) => store.forgetPlan(id)));
  },
};

export const registerModuleDuties = (): void => registerDuties(MODULE_DUTIES);
