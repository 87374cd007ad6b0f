import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import type { CommentView } from '@/contracts/social';
import { commentsQueryKey } from './get-comments';

export type CommentPages = InfiniteData<CommentView[], number | null>;

function mapComment(comment: CommentView, id: number, patch: (c: CommentView) => CommentView) {
  if (comment.id === id) return patch(comment);
  if (!comment.replies.some((reply) => reply.id === id)) return comment;
  return {
    ...comment,
    replies: comment.replies.map((reply) => (reply.id === id ? patch(reply) : reply)),
  };
}

export function patchComment(
  queryClient: QueryClient,
  dareId: number,
  id: number,
  patch: (comment: CommentView) => CommentView,
) {
  queryClient.setQueryData<CommentPages>(commentsQueryKey(dareId), (data) =>
    data
      ? { ...data, pages: data.pages.map((page) => page.map((c) => mapComment(c, id, patch))) }
      : data,
  );
}

export function findComment(queryClient: QueryClient, dareId: number, id: number) {
  const data = queryClient.getQueryData<CommentPages>(commentsQueryKey(dareId));
  for (const page of data?.pages ?? []) {
    for (const comment of page) {
      if (comment.id === id) return comment;
      const reply = comment.replies.find((r) => r.id === id);
      if (reply) return reply;
    }
  }
  return undefined;
}

/** Puts a new comment at the top, or a new reply at the end of its thread. */
export function insertComment(queryClient: QueryClient, dareId: number, comment: CommentView) {
  queryClient.setQueryData<CommentPages>(commentsQueryKey(dareId), (data) => {
    if (!data) return data;
    if (comment.parentId === null) {
      const [first = [], ...rest] = data.pages;
      return { ...data, pages: [[comment, ...first], ...rest] };
    }
    return {
      ...data,
      pages: data.pages.map((page) =>
        page.map((c) =>
          c.id === comment.parentId ? { ...c, replies: [...c.replies, comment] } : c,
        ),
      ),
    };
  });
}

/** Drops a comment (with its replies); returns how many comments left the list. */
export function removeComment(queryClient: QueryClient, dareId: number, id: number): number {
  let removed = 0;
  queryClient.setQueryData<CommentPages>(commentsQueryKey(dareId), (data) => {
    if (!data) return data;
    const pages = data.pages.map((page) =>
      page.flatMap((c) => {
        if (c.id === id) {
          removed = 1 + c.replies.length;
          return [];
        }
        if (!c.replies.some((r) => r.id === id)) return [c];
        removed = 1;
        return [{ ...c, replies: c.replies.filter((r) => r.id !== id) }];
      }),
    );
    return { ...data, pages };
  });
  return removed;
}
