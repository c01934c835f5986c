// Images and ISOs are the operator's (D19): a catalogue image may say where
// its files are on the hypervisor hosts (a qcow2 base disk, or a kernel and
// initramfs), and an ISO where its file is (what a mount puts in the drive).
// The operator API refuses a catalogue naming a file that is not there and
// changes nothing; the files are the operator's to see, never a customer's.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { assertProblem } from '../helpers/problems.ts';
import { buildWorld } from '../helpers/world.ts';

test("an image's files and an ISO's file must be there; the operator sees them, the project API does not", async (t) => {
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

  const isoFile = path.join(directory, 'rescue.iso');
  writeFileSync(isoFile, 'iso');
  const missingIso = structuredClone(accepted.body);
  missingIso.isos[0].file = path.join(directory, 'no-such.iso');
  const isoRefused = await w.app.admin('/catalogue', { method: 'PUT', body: missingIso });
  assertProblem(isoRefused, 400, 'validation_error', 'a missing ISO file');
  assert.deepEqual(isoRefused.body.errors, [{ field: 'isos[0].file', message: `${path.join(directory, 'no-such.iso')} is not on the hypervisor hosts` }]);
  assert.deepEqual((await w.app.admin('/catalogue')).body, accepted.body, 'nothing changed');
  const withIso = structuredClone(accepted.body);
  withIso.isos[0].file = isoFile;
  const isoAccepted = await w.app.admin('/catalogue', { method: 'PUT', body: withIso });
  assert.equal(isoAccepted.status, 200, JSON.stringify(isoAccepted.body));
  assert.equal(isoAccepted.body.isos[0].file, isoFile, "the operator reads the ISO's file back");
  const isos = await w.app.api(`/projects/${w.slug}/isos/`, { key: w.key });
  assert.equal(isos.status, 200);
  assert.ok(isos.body.length > 0 && isos.body.every((iso: object) => !('file' in iso)), "a customer never sees where an ISO's file is");
});
