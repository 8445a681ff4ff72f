import { HelpVideoPage } from './HelpVideoPage';

export const Component = HelpVideoPage;
