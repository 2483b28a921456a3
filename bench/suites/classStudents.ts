/**
 * The class bench's simulated students, in a process of their own (docs/class.md, "The load
 * bench"): N students each write a report into their room twice a second, with the time it was
 * written on the machine's clock, for the teacher's connections in ./class.ts to time. ./class.ts
 * starts it at a lower priority than the server, the teacher's page and those connections, since
 * in a class each student's page runs on a machine of its own, not on the teacher's.
 * `tsx bench/suites/classStudents.ts <http> <class code> <students> <seconds>`, with an IPC
 * channel (./classStudentsProtocol.ts).
 */
import * as Y from 'yjs';
import { roomName } from '../../src/io/classRooms';
import { writeReport } from '../../src/live/board';
import { connect, idOfSecret, newSecret, student, synced } from '../../src/testing/classClient';
import { type FromStudents, machineNow, type ToStudents } from './classStudentsProtocol';

const [http, code, count, secs] = process.argv.slice(2);
const n = Number(count);
const seconds = Number(secs);
if (!http || !code || !(n > 0) || !(seconds > 0) || typeof process.send !== 'function') {
  process.stderr.write(
    'usage: tsx bench/suites/classStudents.ts <http> <class code> <students> <seconds> (with an IPC channel)\n',
  );
  process.exit(2);
}
const send = (m: FromStudents) => process.send?.(m);

const secrets: string[] = [];
const students: { doc: Y.Doc; p: ReturnType<typeof connect> }[] = [];
for (let i = 0; i < n; i++) {
  const secret = newSecret();
  secrets.push(secret);
  const doc = new Y.Doc();
  const room = roomName({ code, kind: 'student', student: idOfSecret(secret) });
  students.push({ doc, p: connect(http, room, doc, student(secret)) });
}
await Promise.all(students.map((s) => synced(s.p)));

let sent = 0;
let t = 0;
async function stream(): Promise<void> {
  const cpu = process.cpuUsage();
  for (const end = t + seconds * 2; t < end; ) {
    t++;
    const due = performance.now() + 500;
    for (const s of students) {
      // One transaction, one message, as a page's report is: the time it was sent rides with it.
      s.doc.transact(() => {
        s.doc.getMap('student').set('sentAt', machineNow());
        writeReport(s.doc, { phase: 'running', step: t, epoch: t, loss: 1 / t, accuracy: null, learningRate: 0.1 });
      });
      sent++;
    }
    await new Promise((r) => setTimeout(r, Math.max(0, due - performance.now())));
  }
  const used = process.cpuUsage(cpu);
  send({ streamed: { sent, step: t, cpuSeconds: (used.user + used.system) / 1e6 } });
}

process.on('message', (m: ToStudents) => {
  if (m.go) void stream();
});
process.on('disconnect', () => {
  for (const s of students) s.p.destroy();
  process.exit(0);
});
send({ ready: secrets });
