import { paypalId, now, paypalValue, VALUE_ISSUES, type SandboxOrder } from './model';
import type { PayPalStandIn } from './standin';

/** Orders v2: create, show, capture. */
export function mountOrders(pp: PayPalStandIn): void {
  const {
    router,
    json,
    orders,
    orderView,
    shaped,
    later,
    captureEvent,
    authorised,
    paypalError,
    site,
    idempotent,
    complete,
  } = pp;

  // ----- Orders v2 ------------------------------------------------------------------------------------------

  router.post('/paypal/v2/checkout/orders', json, (req, res) => {
    if (!authorised(req, res)) return;
    idempotent(req, res, 'orders', () => {
      const body = (req.body ?? {}) as {
        intent?: unknown;
        purchase_units?: {
          reference_id?: unknown;
          custom_id?: unknown;
          description?: unknown;
          amount?: { value?: unknown; currency_code?: unknown };
        }[];
      };
      const unit = Array.isArray(body.purchase_units) ? body.purchase_units[0] : undefined;
      const value = unit?.amount?.value;
      const currency = unit?.amount?.currency_code;
      if (body.intent !== 'CAPTURE' && body.intent !== 'AUTHORIZE') {
        return paypalError(
          400,
          'INVALID_REQUEST',
          'MISSING_REQUIRED_PARAMETER',
          'A required field / parameter is missing.',
        );
      }
      if (!unit || typeof unit.custom_id !== 'string' || !unit.custom_id || unit.custom_id.length > 127) {
        return paypalError(
          400,
          'INVALID_REQUEST',
          'MISSING_REQUIRED_PARAMETER',
          'A required field / parameter is missing.',
        );
      }
      if (typeof currency !== 'string' || !/^[A-Z]{3}$/.test(currency)) {
        return paypalError(
          422,
          'UNPROCESSABLE_ENTITY',
          'INVALID_CURRENCY_CODE',
          'Currency code is invalid or is not currently supported.',
        );
      }
      const amountMinor = paypalValue(value, currency);
      if (typeof amountMinor !== 'number') {
        return paypalError(422, 'UNPROCESSABLE_ENTITY', amountMinor, VALUE_ISSUES[amountMinor]);
      }
      const time = now();
      const order: SandboxOrder = {
        id: paypalId(),
        reference: unit.custom_id,
        referenceId: typeof unit.reference_id === 'string' ? unit.reference_id : 'default',
        description: typeof unit.description === 'string' ? unit.description.slice(0, 127) : null,
        amountMinor,
        currency,
        status: 'CREATED',
        funding: null,
        capture: null,
        site: site(req),
        createTime: time,
        updateTime: time,
      };
      orders.set(order.id, order);
      return { status: 201, body: shaped(req, orderView(order)) };
    });
  });

  router.get('/paypal/v2/checkout/orders/:id', (req, res) => {
    if (!authorised(req, res)) return;
    const order = orders.get(String(req.params.id));
    if (!order) {
      const e = paypalError(
        404,
        'RESOURCE_NOT_FOUND',
        'INVALID_RESOURCE_ID',
        'Specified resource ID does not exist. Please check the resource ID and try again.',
      );
      return void res.status(e.status).json(e.body);
    }
    res.json(orderView(order));
  });

  router.post('/paypal/v2/checkout/orders/:id/capture', json, (req, res) => {
    if (!authorised(req, res)) return;
    const id = String(req.params.id);
    idempotent(req, res, `capture:${id}`, () => {
      const order = orders.get(id);
      if (!order) {
        return paypalError(
          404,
          'RESOURCE_NOT_FOUND',
          'INVALID_RESOURCE_ID',
          'Specified resource ID does not exist. Please check the resource ID and try again.',
        );
      }
      if (order.status === 'COMPLETED') {
        return paypalError(
          422,
          'UNPROCESSABLE_ENTITY',
          'ORDER_ALREADY_CAPTURED',
          "Order already captured.If 'intent=CAPTURE' only one capture per order is allowed.",
        );
      }
      if (order.status === 'CREATED') {
        return paypalError(
          422,
          'UNPROCESSABLE_ENTITY',
          'ORDER_NOT_APPROVED',
          "Payer has not yet approved the Order for payment. Please redirect the payer to the 'rel':'approve' url returned as part of the HATEOAS links within the Create Order call or provide a valid `payment_source` in the request.",
        );
      }
      if (order.funding === 'completing') {
        return paypalError(
          422,
          'UNPROCESSABLE_ENTITY',
          'ORDER_COMPLETION_IN_PROGRESS',
          'The order was created with processing_instruction of ORDER_COMPLETE_ON_PAYMENT_APPROVAL. The customer has approved the payment and PayPal is still in the process of capturing the order on your behalf as instructed. Please try your request again.',
        );
      }
      if (order.funding === 'declined') {
        // The buyer picks another funding source (the buttons restart) and approves again.
        order.status = 'CREATED';
        order.funding = null;
        return paypalError(
          422,
          'UNPROCESSABLE_ENTITY',
          'INSTRUMENT_DECLINED',
          "The instrument presented  was either declined by the processor or bank, or it can't be used for this payment.",
        );
      }
      const held = order.funding === 'review';
      complete(order, held ? 'PENDING' : 'COMPLETED', held ? 'PENDING_REVIEW' : null);
      return {
        status: 201,
        body: shaped(req, orderView(order)),
        after: () => later(() => captureEvent(order, held ? 'PAYMENT.CAPTURE.PENDING' : 'PAYMENT.CAPTURE.COMPLETED')),
        loseAnswer: order.funding === 'lost-answer',
      };
    });
  });
}
