// `@/lib/chats` of the README's Next.js route (test/ui/readme-route.test.ts): the app's persistence.
import type { TurnUIMessage } from '../../../../src/ui/index.js';

export const savedChats = new Map<string, TurnUIMessage[]>();

export async function saveChat(id: string, messages: TurnUIMessage[]): Promise<void> {
  savedChats.set(id, messages);
}
