// Images are the operator's (D19): a catalogue image may say where its files
// are on the hypervisor hosts (a qcow2 base disk, or a kernel and initramfs).
// The operator API refuses a catalogue naming a file that is not there and
// changes nothing; the files are the operator's to see, never a customer's.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { assertProblem } from '../helpers/problems.ts';
import { buildWorld } from '../helpers/world.ts';

test("an image's files must be there; the operator sees them, the project API does not", async (t) => {
  const w = await buildWorld(t);
  const directory = mkdtempSync(path.join(tmpdir(), 'cloudplane-image-'));
  t.after(() => rmSync(directory, { recursive: true, force: true }));
  const kernel = path.join(directory, 'vmlinuz');
  writeFileSync(kernel, 'kernel');
  const before = (await w.app.admin('/catalogue')).body;

  const missing = structuredClone(before);
  missing.images[0].files = { kernel, initrd: path.join(directory, 'no-such-initrd') };
  const refused = await w.app.admin('/catalogue', { method: 'PUT', body: missing });
  assertProblem(refused, 400, 'validation_error', 'a missing initrd');
  assert.deepEqual(refused.body.errors, [{ field: 'images[0].files.initrd', message: `${path.join(directory, 'no-such-initrd')} is not on the hypervisor hosts` }]);
  assert.deepEqual((await w.app.admin('/catalogue')).body, before, 'nothing changed');

  const relative = structuredClone(before);
  relative.images[0].files = { disk: 'images/debian.qcow2' };
  assertProblem(await w.app.admin('/catalogue', { method: 'PUT', body: relative }), 400, 'validation_error', 'a relative path');

  const present = structuredClone(before);
  present.images[0].files = { kernel, cmdline: 'console=ttyS0' };
  const accepted = await w.app.admin('/catalogue', { method: 'PUT', body: present });
  assert.equal(accepted.status, 200, JSON.stringify(accepted.body));
  assert.deepEqual(accepted.body.images[0].files, { kernel, cmdline: 'console=ttyS0' }, 'the operator reads the files back');
  const images = await w.app.api(`/projects/${w.slug}/images/`, { key: w.key });
  assert.equal(images.status, 200);
  assert.ok(
    images.body.every((image: object) => !('files' in image)),
    'a customer never sees where the files are',
  );
});
