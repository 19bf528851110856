/**
 * The inviter withdraws a sent invitation here; the invitee lists offers here and accepts or declines one. Alone in
 * its module: the offers on the apply page need the path, not the network calls' imports (contracts, toasts).
 */
export const SUB_INVITATIONS_PATH = "v1/affiliate/sub-invitations";
