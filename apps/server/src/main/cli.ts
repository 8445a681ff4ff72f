import path from 'node:path';
import { parseArgs } from 'node:util';
import { passwordProblem } from '@yj/contracts';
import { auditModule } from '../modules/audit/audit.module';
import { hashPassword } from '../modules/auth/password';
import { userRepo } from '../modules/auth/user.repo';
import { BackupError, restoreBackup, writeBackup } from '../infra/backup';
import { configOrExit, ensureDemo, openMigrated } from './boot';

const USAGE = `用法:
  npm run db:migrate                       运行数据库迁移
  npm run db:backup                        备份数据库到 DATA_DIR/backups
  npm run db:restore -- <备份文件>          用备份替换数据库中的全部数据
  npm run admin:create -- --account A --name N --password P [--phone 138...]
                                           创建系统管理员（首次登录须修改密码）
  tsx apps/server/src/main/cli.ts seed-demo  在空数据库中创建演示学校`;

const [command, ...rest] = process.argv.slice(2);
const config = configOrExit();

async function main(): Promise<number> {
  const database = await openMigrated(config, (text) => process.stdout.write(`${text}\n`));
  try {
    if (command === 'migrate') {
      process.stdout.write('数据库迁移完成\n');
      return 0;
    }
    if (command === 'backup') {
      const { file, rows } = await writeBackup(database, path.join(config.dataDir, 'backups'));
      process.stdout.write(`已备份 ${rows} 行数据到 ${file}\n`);
      return 0;
    }
    if (command === 'restore') {
      if (!rest[0]) {
        process.stderr.write(`${USAGE}\n`);
        return 2;
      }
      try {
        const { rows } = await restoreBackup(database, path.resolve(rest[0]));
        process.stdout.write(`已从 ${rest[0]} 恢复 ${rows} 行数据\n`);
        return 0;
      } catch (err) {
        if (!(err instanceof BackupError)) throw err;
        process.stderr.write(`${err.message}\n`);
        return 1;
      }
    }
    if (command === 'seed-demo') {
      const text = await ensureDemo({ ...config, seedDemo: true }, database);
      process.stdout.write(`${text ?? '数据库非空，未创建演示数据'}\n`);
      return 0;
    }
    if (command === 'create-admin') {
      const { values } = parseArgs({
        args: rest,
        options: {
          account: { type: 'string' },
          name: { type: 'string' },
          password: { type: 'string' },
          phone: { type: 'string' },
        },
      });
      if (!values.account || !values.name || !values.password) {
        process.stderr.write(`${USAGE}\n`);
        return 2;
      }
      const problem = passwordProblem(values.password, [values.account, values.phone]);
      if (problem) {
        process.stderr.write(`${problem}\n`);
        return 2;
      }
      const users = userRepo(database.db);
      if (await users.findByLogin(values.account)) {
        process.stderr.write(`账号 ${values.account} 已存在\n`);
        return 1;
      }
      const created = await database.db.transaction(async (tx) => {
        const u = await userRepo(tx).insert({
          account: values.account!,
          name: values.name!,
          phone: values.phone ?? null,
          passwordHash: await hashPassword(values.password!),
          isAdmin: true,
          mustChangePassword: true,
        });
        await auditModule({ db: database.db }).audit.record(tx, {
          action: 'admin.create',
          userId: u.id,
          detail: { account: u.account, via: 'cli' },
        });
        return u;
      });
      process.stdout.write(`已创建系统管理员 ${created.account}（${created.name}），首次登录须修改密码\n`);
      return 0;
    }
    process.stderr.write(`${USAGE}\n`);
    return 2;
  } finally {
    await database.close();
  }
}

process.exitCode = await main();
