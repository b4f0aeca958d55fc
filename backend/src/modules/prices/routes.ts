import type { AppContext } from '../../context';
import { handlers } from '../../lib/http/api-router';
import { createCard, deleteCard, listCards, updateCard } from './cards';
import { createPromoCode, deletePromoCode, listPromoCodes, updatePromoCode } from './promo-codes';
import { presentQuote, quoteSession } from './quoting';
import { createRule, deleteRule, listRules, updateRule } from './rules';
import { listTicketTypes, saveTicketType } from './ticket-types';

export const priceRoutes = (ctx: AppContext) =>
  handlers({
    'GET /ticket-types': () => listTicketTypes(ctx),
    'PUT /ticket-types/:code': ({ params, body }) => saveTicketType(ctx, params.code, body),
    'GET /price-cards': () => listCards(ctx, ctx.clock.now()),
    'POST /price-cards': ({ body }) => createCard(ctx, body),
    'PUT /price-cards/:id': ({ params, body }) => updateCard(ctx, params.id, body, ctx.clock.now()),
    'DELETE /price-cards/:id': ({ params }) => deleteCard(ctx, params.id),
    'GET /price-rules': () => listRules(ctx),
    'POST /price-rules': ({ body }) => createRule(ctx, body),
    'PUT /price-rules/:id': ({ params, body }) => updateRule(ctx, params.id, body),
    'DELETE /price-rules/:id': ({ params }) => deleteRule(ctx, params.id),
    'GET /promo-codes': ({ query }) => listPromoCodes(ctx, query),
    'POST /promo-codes': ({ body }) => createPromoCode(ctx, body),
    'PUT /promo-codes/:id': ({ params, body }) => updatePromoCode(ctx, params.id, body),
    'DELETE /promo-codes/:id': ({ params }) => deletePromoCode(ctx, params.id),
    /** Public: a signed-in buyer's own limits of a promo code count too. */
    'POST /orders/quote': async ({ user, body }) =>
      presentQuote(
        await quoteSession(
          ctx.db,
          body.schedule_id,
          { lines: body.lines, promoCode: body.promo_code, buyerId: user?.id },
          ctx.clock.now(),
        ),
      ),
  });
