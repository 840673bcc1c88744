import TableFlow
