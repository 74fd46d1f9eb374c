/* A table that data clauses of this file put on the device. */
float table[64];
#pragma acc declare link(table)

#pragma acc routine seq
float lookup(int i)
{
	return table[i % 64];
}
