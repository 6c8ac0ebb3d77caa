import { DomainError } from '../common/errors';
import { raceRefusal } from './races';

/** A driver error as TypeORM wraps it (QueryFailedError keeps pg's error as `driverError`). */
const failed = (driverError: Record<string, unknown>) =>
  Object.assign(new Error(String(driverError.message ?? 'query failed')), { driverError });

describe('raceRefusal', () => {
  it('answers a transaction rolled back by a deadlock or a serialization failure CONFLICT, try again', () => {
    for (const code of ['40P01', '40001']) {
      const refusal = raceRefusal(failed({ code, message: 'deadlock detected' }));
      expect(refusal).toBeInstanceOf(DomainError);
      expect(refusal).toMatchObject({
        code: 'CONFLICT',
        message: 'Another change to this device happened at the same moment. Nothing was changed: please try again.',
      });
    }
  });

  it('answers a row naming a device that is gone (a Switch MAC absorbed it) CONFLICT', () => {
    const refusal = raceRefusal(
      failed({
        code: '23503',
        constraint: 'fk_tv_links_requester_device',
        detail: 'Key (requester_device_id)=(6f1c…) is not present in table "devices".',
      }),
    );
    expect(refusal).toMatchObject({
      code: 'CONFLICT',
      message: 'A Switch MAC moved this device at the same moment. Nothing was changed: please try again.',
    });
  });

  it('leaves every other failure to be a fault', () => {
    for (const err of [
      failed({ code: '23505', constraint: 'uq_devices_mac_address' }),
      // A device still referenced (deleting it): a bug, not a device that went.
      failed({
        code: '23503',
        constraint: 'fk_activations_device',
        detail: 'Key (id)=(6f1c…) is still referenced from table "activations".',
      }),
      failed({ code: '23503', constraint: 'fk_money_back_payment', detail: 'is not present in table "payments".' }),
      new TypeError('a bug'),
      null,
      'text',
    ]) {
      expect(raceRefusal(err)).toBeUndefined();
    }
  });
});
