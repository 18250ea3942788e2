import type { ToolModule } from '../types';
import { explainSendMessage, renderSendMessage } from './render';
import { sendMessageInput, type SendMessageInput } from './schema';
import { checkSendMessage, sendMessage, type SendMessageOutcome } from './send-message';

export const sendMessageTool: ToolModule<SendMessageInput, SendMessageOutcome> = {
  name: 'SendMessage',
  schema: sendMessageInput,
  isReadOnly: () => false,
  isConcurrencySafe: () => false,
  permissionRequest: (input) => ({ tool: 'SendMessage', kind: 'other', paths: [], input }),
  validate: (input) => Promise.resolve(checkSendMessage(input)),
  call: sendMessage,
  render: (o) => renderSendMessage(o),
  explain: explainSendMessage,
};
