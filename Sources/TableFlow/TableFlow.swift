import TableCore
