// The query keys of the contact messages: every read of them sits under one key, so a
// message marked handled or deleted refreshes the page shown, the counts and the
// dashboard's unread tile together, and nothing else.
import type { MessageQuery } from "./inbox-query.ts";

export const messageKeys = {
  all: ["messages"] as const,
  pages: ["messages", "page"] as const,
  page: (query: MessageQuery) =>
    ["messages", "page", query.page, query.pageSize, query.search, query.show] as const,
  counts: ["messages", "counts"] as const,
  unread: ["messages", "unread"] as const,
};
