package postgres

var listFlagsSQLForTest = listFlagsSQL
