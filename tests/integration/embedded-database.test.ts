import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { migrations, openDatabase } from '../../server/src/database';
import { DataDirLockedError } from '../../server/src/db/embedded';

// Always on the embedded engine, whatever DATABASE_URL says: this is what `npm start` runs on.
describe('embedded database in a data directory', () => {
  it('keeps data across restarts and refuses a second opener while in use', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'm3u-embedded-'));
    const first = await openDatabase({ dataDir, poolSize: 2 });
    await first.dataSource.query(
      `INSERT INTO devices (mac_address, device_key_hash) VALUES ('02:00:00:00:00:aa', 'x')`,
    );

    await expect(openDatabase({ dataDir, poolSize: 2 })).rejects.toThrow(DataDirLockedError);
    await expect(openDatabase({ dataDir, poolSize: 2 })).rejects.toThrow(/in use by another running server/);

    await first.close();
    const second = await openDatabase({ dataDir, poolSize: 2 });
    try {
      const rows = await second.dataSource.query(`SELECT mac_address FROM devices`);
      expect(rows).toEqual([{ mac_address: '02:00:00:00:00:aa' }]);
      // Each migration ran once; reopening applies nothing twice.
      const applied = await second.dataSource.query(`SELECT name FROM migrations ORDER BY id`);
      expect(applied.map((m: { name: string }) => m.name)).toEqual(migrations.map((m) => m.name));
    } finally {
      await second.close();
    }
  });
});
