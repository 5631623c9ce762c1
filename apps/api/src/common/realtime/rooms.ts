/** Socket.io rooms: every connection joins its user's room and its session's room. */
export const userRoom = (userId: string) => `user:${userId}`;
export const sessionRoom = (sessionId: string) => `session:${sessionId}`;
