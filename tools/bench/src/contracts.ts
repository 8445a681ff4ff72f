import { authContract, markingContract, schoolContract, type RouteContract } from '@yj/contracts';
import { contractSerializer } from '../../../apps/server/src/plugins/contract';

// What checking an answer against its route contract costs (issue 12, route contracts). The yardstick is the
// JSON.stringify every answer pays anyway, measured in the same run on the same envelope, for the two answers
// of the signed-in hot path `npm run bench:api` loads (getUserInfo, a students page of 20), and the marker's
// hot path: a claim of one task and a submit answered with the next task.
// Run: npm run bench:contracts

const user = {
  id: 1,
  account: '13800000001',
  name: '张老师',
  phone: '138****0001',
  schoolId: 1,
  schoolName: '第一中学',
  schools: [{ id: 1, name: '第一中学' }],
  roles: ['schoolAdmin'],
  isSchoolAdmin: true,
  isAdmin: false,
  avatarUrl: null,
  mustChangePassword: false,
  held: [],
};
const page = {
  total: 500,
  size: 20,
  items: Array.from({ length: 20 }, (_, i) => ({
    id: i + 1,
    name: `学生${i}`,
    xuehao: `2026${String(i).padStart(4, '0')}`,
    gender: 1,
    gradeId: 1,
    gradeName: '高一',
    classId: 2,
    className: '1班',
  })),
};

const task = (taskId: number) => ({
  taskId,
  leaseToken: '3f8a2c4e-9b1d-4e6f-8a7c-2d5e9f0b1c3a',
  leaseUntil: '2026-11-24T17:10:00.000Z',
  blockId: 12,
  slot: 1,
  imageUrl: `/filter/api/marking/task/${taskId}/image`,
});
const claim = [task(4711)];
const submitted = { counted: true, next: task(4712), done: 37 };

const ROUNDS = 200_000;
function microseconds(f: () => unknown): number {
  for (let i = 0; i < ROUNDS / 10; i++) f();
  const t = process.hrtime.bigint();
  for (let i = 0; i < ROUNDS; i++) f();
  return Number(process.hrtime.bigint() - t) / 1000 / ROUNDS;
}

console.log(`bench:contracts — ${ROUNDS.toLocaleString()} answers each\n`);
const cases: Array<[string, unknown, RouteContract]> = [
  ['getUserInfo', user, authContract.userInfo],
  ['students page (20 rows)', page, schoolContract.students],
  ['marking claim (1 task)', claim, markingContract.claim],
  ['marking submit (+ next)', submitted, markingContract.submit],
];
for (const [name, data, contract] of cases) {
  const envelope = { code: 0, message: 'success', data };
  const serialise = contractSerializer(contract);
  const plain = microseconds(() => JSON.stringify(envelope));
  const checked = microseconds(() => serialise(envelope));
  console.log(
    `${name.padEnd(26)} checked ${checked.toFixed(2)} µs, JSON.stringify (yardstick) ${plain.toFixed(2)} µs, ratio ${(checked / plain).toFixed(2)}×, +${(checked - plain).toFixed(2)} µs per answer`,
  );
}
