import { now } from './model';
import { PAYPAL_SANDBOX_SDK } from './sdk';
import type { PayPalStandIn } from './standin';

/** The browser SDK and the approval PayPal's popup does. */
export function mountBuyer(pp: PayPalStandIn): void {
  const { router, json, clientId, orders, captureEvent, approvedEvent, later, complete } = pp;

  // ----- The browser SDK and the buyer's approval ------------------------------------------------------------

  router.get('/paypal/sdk/js', (req, res) => {
    res.setHeader('Cache-Control', 'no-store');
    const given = typeof req.query['client-id'] === 'string' ? req.query['client-id'] : '';
    const currency = typeof req.query.currency === 'string' ? req.query.currency : 'USD';
    // PayPal answers an unknown client id with 400: the script does not load and the page says PayPal is away.
    if (given !== clientId() || !/^[A-Z]{3}$/.test(currency)) {
      return void res
        .status(400)
        .type('application/javascript')
        .send(
          `throw new Error(${JSON.stringify(given !== clientId() ? 'Client ID not recognized.' : 'Invalid currency.')});`,
        );
    }
    res.type('application/javascript').send(PAYPAL_SANDBOX_SDK);
  });

  // What PayPal's popup does when the buyer approves (the stand-in SDK calls it). `card` picks the outcome:
  // declined (the capture answers INSTRUMENT_DECLINED), review (the capture is held: PENDING, PENDING_REVIEW),
  // lost-answer (captured, but the capture call's answer is lost), completing (PayPal completes the order
  // itself, ORDER_COMPLETION_IN_PROGRESS meanwhile); anything else a good funding source. `notifyApproval: true`
  // stands for a merchant whose webhook subscribes to CHECKOUT.ORDER.APPROVED: PayPal sends it once approved.
  router.post('/paypal/orders/:id/approve', json, (req, res) => {
    const order = orders.get(String(req.params.id));
    if (!order) return void res.status(404).json({ message: 'No such order.' });
    if (order.status === 'COMPLETED') return void res.json({ id: order.id, status: order.status });
    const { card, notifyApproval } = (req.body ?? {}) as { card?: unknown; notifyApproval?: unknown };
    order.funding =
      card === 'declined' || card === 'review' || card === 'lost-answer' || card === 'completing' ? card : 'good';
    order.status = 'APPROVED';
    order.updateTime = now();
    if (order.funding === 'completing') {
      // ORDER_COMPLETE_ON_PAYMENT_APPROVAL: PayPal captures by itself a moment later and tells the webhook.
      setTimeout(() => {
        if (order.status !== 'APPROVED') return;
        complete(order, 'COMPLETED', null);
        void captureEvent(order, 'PAYMENT.CAPTURE.COMPLETED');
      }, 1500).unref();
    }
    if (notifyApproval === true) later(() => approvedEvent(order));
    res.json({ id: order.id, status: order.status });
  });
}
