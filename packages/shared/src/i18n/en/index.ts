import { api } from './api.ts';
import { auth } from './auth.ts';
import { billing } from './billing.ts';
import { cards } from './cards.ts';
import { common } from './common.ts';
import { entries } from './entries.ts';
import { help } from './help.ts';
import { importTexts } from './import.ts';
import { landing } from './landing.ts';
import { ledger } from './ledger.ts';
import { mail } from './mail.ts';
import { reports } from './reports.ts';
import { settings } from './settings.ts';
import { validation } from './validation.ts';

/** The en catalogue, one namespace per file so each feature owns its texts. */
export const en = {
  api,
  auth,
  billing,
  cards,
  common,
  entries,
  help,
  import: importTexts,
  landing,
  ledger,
  mail,
  reports,
  settings,
  validation,
};
